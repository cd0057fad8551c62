// The errorLoadRemote plugin answers a page that failed with its route's error and a retry.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { renderPage } from '@app/shared/testing';
import { remoteFallback, type PageModule } from './fallback';
import { RemoteRetryContext } from './RemoteUnavailable';

type ErrorLoadRemote = (args: { id: string; error: unknown; lifecycle: string }) => unknown;

function answer(lifecycle: string): PageModule | undefined {
  const hook = remoteFallback().errorLoadRemote as unknown as ErrorLoadRemote;
  return hook({ id: 'otc/HelpPage', error: new Error('unreachable'), lifecycle }) as PageModule | undefined;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('remoteFallback', () => {
  it('answers a page that failed to load with a translated error whose retry reaches the route', async () => {
    const page = answer('onLoad');
    expect(page?.failed).toBe(true);
    const Page = page?.default as ComponentType;
    const retry = jest.fn();
    renderPage(
      <RemoteRetryContext.Provider value={retry}>
        <Page />
      </RemoteRetryContext.Provider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of the app is unavailable right now. Please try again.',
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('leaves the other lifecycles to the runtime (a manifest failure reaches onLoad)', () => {
    expect(answer('afterResolve')).toBeUndefined();
    expect(answer('beforeRequest')).toBeUndefined();
  });
});
