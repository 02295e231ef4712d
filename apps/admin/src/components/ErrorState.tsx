import { Alert, Button } from 'antd';
import { ADMIN_FORBIDDEN, ApiError, BAD_RESPONSE, errorText, NETWORK_ERROR } from '../api.ts';

/** What the operator can do about an error. */
export function errorHint(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Reload the page; if it keeps happening, tell the team.';
  if (error.code === ADMIN_FORBIDDEN) return 'Your role cannot open this. Ask an owner to change your role.';
  if (error.code === NETWORK_ERROR)
    return 'Check that the server is running and your connection works, then try again.';
  if (error.code === BAD_RESPONSE) return 'The server may be restarting. Wait a moment and try again.';
  return `Error code ${error.code}. Try again; if it keeps happening, tell the team with this code.`;
}

export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title ?? errorText(error)}
      description={title ? `${errorText(error)} ${errorHint(error)}` : errorHint(error)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    />
  );
}
