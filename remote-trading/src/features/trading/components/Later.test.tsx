import { act, render, screen } from '@testing-library/react';
import { Later } from './Later';

describe('Later', () => {
  it('shows the placeholder in the first commit, then the section in its place', async () => {
    render(
      <Later placeholder={<p>Loading the book</p>}>
        <p>The book</p>
      </Later>,
    );
    expect(screen.getByText('Loading the book')).toBeInTheDocument();
    expect(screen.queryByText('The book')).not.toBeInTheDocument();
    expect(await screen.findByText('The book')).toBeInTheDocument();
    expect(screen.queryByText('Loading the book')).not.toBeInTheDocument();
  });

  describe('several sections', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** One frame and the task after it. */
    const frame = () => act(() => void jest.advanceTimersByTime(20));

    it('mounts them one at a time, in their order, each a frame after the one before', async () => {
      render(
        <>
          <Later placeholder={<p>Loading the tabs</p>}>
            <p>The tabs</p>
          </Later>
          <Later placeholder={<p>Loading the book</p>}>
            <p>The book</p>
          </Later>
          <Later placeholder={<p>Loading the orders</p>}>
            <p>The orders</p>
          </Later>
        </>,
      );
      expect(screen.getByText('Loading the tabs')).toBeInTheDocument();
      await frame();
      expect(screen.getByText('The tabs')).toBeInTheDocument();
      expect(screen.getByText('Loading the book')).toBeInTheDocument();
      expect(screen.getByText('Loading the orders')).toBeInTheDocument();
      await frame();
      expect(screen.getByText('The book')).toBeInTheDocument();
      expect(screen.getByText('Loading the orders')).toBeInTheDocument();
      await frame();
      expect(screen.getByText('The orders')).toBeInTheDocument();
    });

    it('lets the next section go when one leaves before its turn came', async () => {
      const { rerender } = render(
        <>
          <Later key="tabs" placeholder={<p>Loading the tabs</p>}>
            <p>The tabs</p>
          </Later>
          <Later key="book" placeholder={<p>Loading the book</p>}>
            <p>The book</p>
          </Later>
        </>,
      );
      rerender(
        <>
          <Later key="book" placeholder={<p>Loading the book</p>}>
            <p>The book</p>
          </Later>
        </>,
      );
      await frame();
      expect(screen.getByText('The book')).toBeInTheDocument();
      expect(screen.queryByText('The tabs')).not.toBeInTheDocument();
    });
  });
});
