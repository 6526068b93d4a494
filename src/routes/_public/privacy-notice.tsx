import { createFileRoute } from '@tanstack/react-router'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { SitePageView } from './-components/site-page-view'
import { headFrom } from '@/app/page-head'
import { sitePageRoute } from '@/site/site-pages'

export const Route = createFileRoute('/_public/privacy-notice')({
  ...sitePageRoute('privacy-notice'),
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  component: PrivacyNoticePage,
})

function PrivacyNoticePage() {
  return <SitePageView slug="privacy-notice" />
}
