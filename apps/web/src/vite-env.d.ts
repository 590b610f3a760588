/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COUNTRY?: string;
  readonly VITE_GAME_LAUNCH?: string;
  readonly VITE_FP_MIN_DEPOSIT?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_CHAT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
