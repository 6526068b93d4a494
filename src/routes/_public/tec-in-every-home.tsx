import { createFileRoute } from '@tanstack/react-router'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { DeliveryModePage } from './-components/delivery-mode-page'
import { deliveryModeRoute } from '@/site/delivery-mode-route'
import { modeCopy } from '@/site/delivery-modes'

export const Route = createFileRoute('/_public/tec-in-every-home')({
  ...deliveryModeRoute(modeCopy.home),
  pendingComponent: () => <ContentSkeleton cards={3} />,
  component: TecInEveryHomePage,
})

function TecInEveryHomePage() {
  return <DeliveryModePage copy={modeCopy.home} />
}
