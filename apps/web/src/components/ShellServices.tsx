import { useAppConfig } from '../api/hooks';
import { ServiceButton } from './ServiceButton';
import { ServiceWorkerUpdates } from './ServiceWorkerUpdates';
import { UpdateChecker } from './UpdateChecker';

/**
 * What every page has besides the page itself: the configuration kept fresh, the customer-service
 * button, the update checks and the offline copy (sw.js). Loaded after the first screen (RootLayout), so the API client, the
 * contracts and zod are not in the JavaScript a phone needs before it draws anything.
 */
export default function ShellServices() {
  useAppConfig();
  return (
    <>
      <ServiceButton />
      <UpdateChecker />
      <ServiceWorkerUpdates />
    </>
  );
}
