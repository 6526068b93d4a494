import { createContext, useContext, type ReactNode } from 'react'
import { useMediaUploads, type MediaUploads } from '@/routes/_authenticated/-components/media-uploads'

const MediaUploadsContext = createContext<MediaUploads | null>(null)

/**
 * The library's uploads, kept by the media section rather than its list, so going to an image to add its alt text
 * and coming back finds the other uploads (and those still sending) where they were.
 */
export function MediaUploadsProvider({ children }: { children: ReactNode }) {
  const uploads = useMediaUploads()
  return <MediaUploadsContext.Provider value={uploads}>{children}</MediaUploadsContext.Provider>
}

export function useLibraryUploads(): MediaUploads {
  const uploads = useContext(MediaUploadsContext)
  if (!uploads) throw new Error('useLibraryUploads needs a MediaUploadsProvider above it')
  return uploads
}
