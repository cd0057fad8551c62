import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadApi } from '@app/shared';
import { renderPage } from '@app/shared/testing';
import FeedbackPage from './FeedbackPage';
import { feedbackApi, type Feedback } from '../features/feedback/api/feedbackApi';
import { resetAppState } from '../testing/fixtures';

const HOSTILE = '<img src=x onerror="window.__xss=1"> my deposit is missing';
const ITEMS: Feedback[] = [
  {
    id: 2,
    content: HOSTILE,
    img: '',
    is_reply: 1,
    reply_content: '<b>We found it</b>, credited now.',
    reply_time: '2026-01-02T10:00:00.000Z',
    create_time: '2026-01-02T09:00:00.000Z',
    account_number: 'demo@example.com',
  },
  {
    id: 1,
    content: 'Withdrawal slow',
    img: '',
    is_reply: 0,
    reply_content: '',
    reply_time: null,
    create_time: '2026-01-01T09:00:00.000Z',
    account_number: 'demo@example.com',
  },
];

beforeEach(() => resetAppState());

describe('FeedbackPage', () => {
  it('lists complaints and shows one with its reply, as text and never as HTML', async () => {
    jest.spyOn(feedbackApi, 'list').mockResolvedValue(ITEMS);
    jest.spyOn(feedbackApi, 'detail').mockResolvedValue(ITEMS[0]!);
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
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('requires a description, then sends the text and the uploaded image', async () => {
    const list = jest.spyOn(feedbackApi, 'list').mockResolvedValue([]);
    const add = jest.spyOn(feedbackApi, 'add').mockResolvedValue({ id: 3 });
    jest.spyOn(uploadApi, 'uploadImage').mockResolvedValue('upl_img');
    const user = userEvent.setup();
    renderPage(<FeedbackPage />, { url: '/feedback' });
    expect(await screen.findByText('No complaints yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New complaint' });
    const text = within(dialog).getByRole('textbox', { name: 'Complaint description' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(text).toHaveAccessibleDescription('Please describe your complaint');
    expect(add).not.toHaveBeenCalled();
    await user.type(text, 'The chart froze');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'shot.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Add an image', { selector: 'input' }), file);
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(add).toHaveBeenCalledWith({ content: 'The chart froze', img: 'upl_img' });
    expect(await screen.findByText('Complaint submitted')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});
