import { render, screen } from '@testing-library/react';
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
});
