import { render, screen } from '@testing-library/react';
import LazyCircularProgress from './LazyCircularProgress';

it("renders MUI's spinner, with the props given, once its chunk has loaded", async () => {
  render(<LazyCircularProgress aria-label="Sending" size={16} />);
  const spinner = await screen.findByRole('progressbar', { name: 'Sending' });
  expect(spinner).toHaveStyle({ width: '16px', height: '16px' });
});
