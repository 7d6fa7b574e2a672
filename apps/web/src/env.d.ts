interface ImportMetaEnv {
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_PLAY_STORE_URL?: string;
  readonly VITE_GEOCODE_URL?: string;
  readonly VITE_IP_LOCATION_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
