interface ImportMetaEnv {
  /** Where the API answers when it is not `/api` on the same origin; read at build time. */
  readonly VITE_API_URL?: string
}
