import { createFileRoute } from '@tanstack/react-router'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { SitePageView } from './-components/site-page-view'
import { headFrom } from '@/app/page-head'
import { sitePageRoute } from '@/site/site-pages'

export const Route = createFileRoute('/_public/terms-of-use')({
  ...sitePageRoute('terms-of-use'),
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  component: TermsOfUsePage,
})

function TermsOfUsePage() {
  return <SitePageView slug="terms-of-use" />
}
