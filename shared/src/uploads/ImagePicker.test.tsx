import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { renderPage } from '../testing/render';
import { clearSession } from '../session/session';
import { toastQueueAtom } from '../ui/toast';
import { ImagePicker } from './ImagePicker';

/** A controllable XMLHttpRequest: the test drives upload progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, envelope: object) {
    this.status = status;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}

const realXhr = window.XMLHttpRequest;
beforeEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
  clearSession();
  getDefaultStore().set(toastQueueAtom, []);
  FakeXhr.last = null;
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
afterAll(() => {
  window.XMLHttpRequest = realXhr;
});

function Harness({ previewNeedsValue }: { previewNeedsValue?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <ImagePicker
        label="Front of the document"
        value={value}
        onChange={setValue}
        previewNeedsValue={previewNeedsValue}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

describe('ImagePicker', () => {
  it('refuses a non-image and a 5 MB image before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage(<Harness />);
    const input = screen.getByLabelText('Front of the document', { selector: 'input' });
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only jpg and png images are accepted');
    const big = new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('The image must not exceed 4 MB')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('previews, shows upload progress and keeps the upload id', async () => {
    const user = userEvent.setup();
    renderPage(<Harness />);
    await user.upload(
      screen.getByLabelText('Front of the document', { selector: 'input' }),
      new File([new Uint8Array(1000)], 'front.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('img', { name: 'Front of the document' })).toHaveAttribute('src', 'blob:preview');
    const xhr = FakeXhr.last;
    expect(xhr?.url).toContain('/api/upload');
    act(() => xhr?.progress(400, 1000));
    expect(screen.getByText('Uploading 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Front of the document' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() => xhr?.answer(200, { type: 'ok', message: 'upl_abc' }));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('upl_abc');
  });

  it('shows the server refusal translated and drops the preview', async () => {
    const user = userEvent.setup();
    renderPage(<Harness />);
    await user.upload(
      screen.getByLabelText('Front of the document', { selector: 'input' }),
      new File([new Uint8Array(10)], 'front.png', { type: 'image/png' }),
    );
    act(() => FakeXhr.last?.answer(400, { type: 'error', message: 'x', code: 'upload.invalid_type' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only jpg and png images are accepted');
    expect(screen.queryByRole('img', { name: 'Front of the document' })).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it.each([
    [false, true],
    [true, false],
  ])(
    'with previewNeedsValue=%s, keeps the preview after the value is cleared: %s',
    async (needsValue, kept) => {
      const user = userEvent.setup();
      renderPage(<Harness previewNeedsValue={needsValue} />);
      await user.upload(
        screen.getByLabelText('Front of the document', { selector: 'input' }),
        new File([new Uint8Array(10)], 'front.png', { type: 'image/png' }),
      );
      expect(screen.getByRole('img', { name: 'Front of the document' })).toBeInTheDocument();
      act(() => FakeXhr.last?.answer(200, { type: 'ok', message: 'upl_abc' }));
      expect(await screen.findByText('Uploaded')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Front of the document' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear' }));
      expect(screen.getByTestId('value')).toHaveTextContent('');
      if (kept) expect(screen.getByRole('img', { name: 'Front of the document' })).toBeInTheDocument();
      else expect(screen.queryByRole('img', { name: 'Front of the document' })).not.toBeInTheDocument();
    },
  );
});
