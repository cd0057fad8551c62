// The spot form's typed amounts and its confirmation, with the spot calls answered at the
// network edge (fetch).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerOf } from '@app/contract';
import { hold, renderPage, fakeSocket, type FetchAnswer, type FetchMock } from '@app/shared/testing';
import ExchangePage from './ExchangePage';
import { spotList, spotOrder, stubMarket } from '../testing/fixtures';

const DEAL: AnswerOf<'POST /api/transaction/deal'> = {
  user_currency: '0.5',
  user_legal: '100000',
  lock_currency: '0',
  lock_legal: '0',
  cny_price: '468000.00',
  now_price: '65000.00',
  currency_id: 1,
  legal_id: 3,
  currency_name: 'BTC',
  legal_name: 'USDT',
  symbol: 'BTC/USDT',
  fee_rate: '0.1',
  price_decimals: 2,
  number_decimals: 8,
  in_trade: 1,
  depth: { bids: [], asks: [] },
};

let net: FetchMock;
let placed: ReturnType<typeof hold<FetchAnswer<'POST /api/transaction/in'>>>;

async function setup() {
  window.localStorage.clear();
  fakeSocket();
  placed = hold<FetchAnswer<'POST /api/transaction/in'>>();
  net = stubMarket({
    'POST /api/transaction/deal': () => DEAL,
    'POST /api/transaction_in': () => spotList(),
    'POST /api/transaction_out': () => spotList(),
    'POST /api/transaction_complete': () => spotList(),
    'POST /api/transaction/in': () => placed.promise,
  });
  const user = userEvent.setup();
  renderPage(<ExchangePage />, { url: '/exchange', title: 'Spot trading' });
  await waitFor(() => expect(screen.getByTestId('spot-available')).toHaveTextContent('100000.00 USDT'), {
    timeout: 5000,
  });
  return user;
}

const form = () => screen.getByRole('form', { name: 'Spot order' });
const quantity = () => within(form()).getByRole('textbox', { name: 'Quantity (BTC)' });

jest.setTimeout(30000);
beforeEach(() => jest.restoreAllMocks());

describe('spot amounts as typed', () => {
  it.each([
    ['0.5e-3', /Invalid number/],
    ['1e30', /Invalid number/],
    ['-1', /without a sign/],
    ['0.123456789', /At most 5 decimal places/],
  ])('keeps %s as typed, explains it and places nothing', async (typed, message) => {
    const user = await setup();
    await user.type(quantity(), typed);
    expect(quantity()).toHaveValue(typed);
    expect(within(form()).getByText(message)).toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Buy BTC' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(net.to('POST /api/transaction/in')).toHaveLength(0);
  });

  it('reads a decimal comma as a point', async () => {
    const user = await setup();
    await user.type(quantity(), '0,1');
    expect(quantity()).toHaveValue('0.1');
    expect(quantity()).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('spot confirmation', () => {
  it('marks the market price and total as estimates, shows the fee, and a double tap sends one order', async () => {
    const user = await setup();
    await user.type(quantity(), '0.1');
    await user.click(within(form()).getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm buy' });
    expect(within(dialog).getByText('Estimated price')).toBeInTheDocument();
    expect(within(dialog).getByText('≈ 65001.00 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('≈ 6500.10 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('Fee (0.1%)')).toBeInTheDocument();
    expect(within(dialog).getByText('0.0001 BTC')).toBeInTheDocument();
    expect(within(dialog).getByText(/the price and total are estimates/)).toBeInTheDocument();

    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    // Two taps in the same frame, before the first re-render could disable the button.
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(confirm).toBeDisabled());
    await act(async () => placed.release(spotOrder({ type: 'in', way: 2, direction: 'buy' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.to('POST /api/transaction/in')).toHaveLength(1);
    expect(net.to('POST /api/transaction/in')[0]?.body).toMatchObject({
      num: '0.1',
      price: '65001.00',
      mode: 1,
    });
    expect(screen.getByText('Order submitted')).toBeInTheDocument();
  });
});
