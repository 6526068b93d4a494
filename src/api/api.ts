import { createAuthApi } from './auth'
import { createBlogsApi } from './blogs'
import type { ApiClient } from './client'
import { createContactApi } from './contact'
import { createCoursesApi } from './courses'
import { createGalleryApi } from './gallery'
import { createSiteApi } from './site'

/** The typed operations the app calls, grouped by resource family; routes reach them through the router context. */
export function createApi(client: ApiClient) {
  return {
    auth: createAuthApi(client),
    blogs: createBlogsApi(client),
    courses: createCoursesApi(client),
    gallery: createGalleryApi(client),
    site: createSiteApi(client),
    contact: createContactApi(client),
  }
}

export type Api = ReturnType<typeof createApi>
