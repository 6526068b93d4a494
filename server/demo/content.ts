import type { Db } from '../db/client.ts'
import { courses, galleryItems } from '../db/schema.ts'
import { saveBlogPost } from '../blog-posts/records.ts'
import { illustration, ILLUSTRATION_NAMES, type IllustrationName } from './illustrations.ts'
import { saveMedia } from '../media/records.ts'
import { sanitiseRichText } from '../media/rich-text.ts'
import { saveSiteSettings } from '../site-settings/records.ts'
import { DEMO_BLOG_POSTS } from './blog-posts.ts'
import { DEMO_COURSES } from './courses.ts'
import { DEMO_GALLERY, DEMO_SITE_SETTINGS } from './gallery.ts'

const DAY_MS = 24 * 3600 * 1000

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** Draws and stores every illustration once; answers each one's media id and description by name. */
async function storeIllustrations(tx: Db): Promise<Map<IllustrationName, { id: string; alt: string }>> {
  const stored = new Map<IllustrationName, { id: string; alt: string }>()
  for (const name of ILLUSTRATION_NAMES) {
    const { svg, width, height, alt } = illustration(name)
    // In the library as what they are: drawings, named as such in their captions.
    const id = await saveMedia(tx, { bytes: new TextEncoder().encode(svg), contentType: 'image/svg+xml', width, height, alt, caption: `Illustration: ${alt}`, fileName: `${name}.svg` })
    stored.set(name, { id, alt })
  }
  return stored
}

/** The demo blog, courses, gallery and settings, written inside the caller's (seed) transaction. */
export async function seedDemoContent(tx: Db, now = new Date()): Promise<void> {
  const media = await storeIllustrations(tx)
  const stored = (name: IllustrationName) => {
    const found = media.get(name)
    if (found === undefined) throw new Error(`No illustration called ${name}.`)
    return found
  }
  const mediaIdOf = (name: IllustrationName) => stored(name).id
  for (const post of DEMO_BLOG_POSTS) {
    await saveBlogPost(tx, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      bodyHtml: post.bodyHtml,
      coverId: mediaIdOf(post.cover),
      authorName: post.authorName,
      status: post.daysAgo === null ? 'draft' : 'published',
      publishedAt: post.daysAgo === null ? null : new Date(now.getTime() - post.daysAgo * DAY_MS),
    })
  }
  await tx.insert(courses).values(
    DEMO_COURSES.map(({ image, description, published, ...course }, index) => ({
      ...course,
      descriptionHtml: sanitiseRichText(description.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')),
      status: published ? ('published' as const) : ('draft' as const),
      publishedAt: published ? now : null,
      imageMediaId: mediaIdOf(image),
      sortOrder: index,
    })),
  )
  await tx.insert(galleryItems).values(
    DEMO_GALLERY.map((item, index) => ({
      mediaId: mediaIdOf(item.image),
      caption: item.caption,
      published: item.published,
      sortOrder: (index + 1) * 10,
    })),
  )
  await saveSiteSettings(tx, DEMO_SITE_SETTINGS)
}
