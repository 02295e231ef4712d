import type { Plugin } from 'vite';
import { api, routesOf } from '../../../packages/contracts/src/index.ts';

const ID = 'virtual:api-routes';

/**
 * `virtual:api-routes`: the user API's routes (method, path, idempotent, multipart), read from the
 * contracts when the app is built, as plain data. The screens call the API through them and so
 * load no zod: only the forms, which check their input, load the endpoints' schemas
 * (docs/decisions.md). A change to the contracts restarts `npm run dev`, which rereads them.
 */
export function apiRoutes(): Plugin {
  return {
    name: 'api-routes',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? `export const routes = ${JSON.stringify(routesOf(api))};` : undefined),
  };
}
