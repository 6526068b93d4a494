import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../../-components/simple-page'

export const Route = createFileRoute('/_authenticated/admin/blogs')({
  staticData: { title: 'Blogs' },
  component: AdminBlogsPage,
})

function AdminBlogsPage() {
  return <SimplePage title="Blogs" lead="Blog posts for the public site will be written, edited and published here." />
}
