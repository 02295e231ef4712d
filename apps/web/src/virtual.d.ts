declare module 'virtual:api-routes' {
  import type { api, Routes } from '@app/contracts';
  export const routes: Routes<typeof api>;
}
