import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubNetwork } from '@app/shared/testing';
import FeedbackPage from './FeedbackPage';
import type { AnswerOf } from '@app/contract';
import { resetAppState } from '../testing/fixtures';

const HOSTILE = '<img src=x onerror="window.__xss=1"> my deposit is missing';
/** Complaints as the server answers them (the contract's view). */
type Feedback = AnswerOf<'POST /api/feedback/detail'>;
const ITEMS: Feedback[] = [
  {
    id: 2,
    content: HOSTILE,
    img: '',
    is_reply: 1,
    reply_content: '<b>We found it</b>, credited now.',
    reply_time: '2026-01-02T10:00:00.000Z',
    create_time: '2026-01-02T09:00:00.000Z',
    account_number: 'ann@example.com',
  },
  {
    id: 1,
    content: 'Withdrawal slow',
    img: '',
    is_reply: 0,
    reply_content: '',
    reply_time: null,
    create_time: '2026-01-01T09:00:00.000Z',
    account_number: 'ann@example.com',
  },
];

beforeEach(() => resetAppState());

describe('FeedbackPage', () => {
  it('lists complaints and shows one with its reply, as text and never as HTML', async () => {
    const net = stubNetwork({
      'POST /api/feedback/list': () => ITEMS,
      'POST /api/feedback/detail': ({ id }) => ITEMS.find((item) => item.id === id) ?? ITEMS[1]!,
    });
    const user = userEvent.setup();
    renderPage(<FeedbackPage />, { url: '/feedback' });
    const list = await screen.findByRole('list', { name: 'My complaints' });
    expect(within(list).getByText('Replied')).toBeInTheDocument();
    expect(within(list).getByText('Waiting')).toBeInTheDocument();
    await user.click(within(list).getByText(HOSTILE));
    const dialog = await screen.findByRole('dialog', { name: 'Complaint details' });
    expect(await within(dialog).findByTestId('feedback-content')).toHaveTextContent(HOSTILE);
    expect(within(dialog).getByTestId('feedback-reply')).toHaveTextContent(
      '<b>We found it</b>, credited now.',
    );
    expect(net.to('POST /api/feedback/detail').map((c) => c.body)).toEqual([{ id: 2 }]);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('requires a description, then sends the text and the uploaded image', async () => {
    const net = stubNetwork({
      'POST /api/feedback/list': (): Feedback[] => [],
      'POST /api/feedback/add': () => ({ id: 3 }),
      'POST /api/upload': () => 'upl_img',
    });
    const user = userEvent.setup();
    renderPage(<FeedbackPage />, { url: '/feedback' });
    expect(await screen.findByText('No complaints yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New complaint' });
    const text = within(dialog).getByRole('textbox', { name: 'Complaint description' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(text).toHaveAccessibleDescription('Please describe your complaint');
    expect(net.to('POST /api/feedback/add')).toHaveLength(0);
    await user.type(text, 'The chart froze');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'shot.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Add an image', { selector: 'input' }), file);
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    expect(net.to('POST /api/upload').map((c) => (c.body.file as File).name)).toEqual(['shot.jpg']);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Complaint submitted')).toBeInTheDocument();
    expect(net.to('POST /api/feedback/add').map((c) => c.body)).toEqual([
      { content: 'The chart froze', img: 'upl_img' },
    ]);
    expect(net.to('POST /api/feedback/list')).toHaveLength(2);
  });
});
