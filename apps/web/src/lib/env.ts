import { type Env, readEnv } from './build-flags.ts';

declare const __BUILD_FLAGS__: Env;

/**
 * The build flags (lib/build-flags.ts). A production build has them checked and written in by vite.config.ts,
 * so the checks and their messages stay out of the members' download; development and tests read them here.
 */
export const env: Env = import.meta.env.PROD ? __BUILD_FLAGS__ : readEnv(import.meta.env);
