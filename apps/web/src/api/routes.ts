/** Every endpoint of the user API as a route (`plugins/apiRoutes.ts`): what a call needs, and no schema. */
export { routes as api } from 'virtual:api-routes';
