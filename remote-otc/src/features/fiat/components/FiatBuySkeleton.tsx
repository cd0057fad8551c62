import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/**
 * The buy form's shape while the merchants' terms load (FiatBuyForm: the price card, the amount
 * field with its hint, two rows of amount chips, the estimate, three payment methods, the
 * button), so that "My orders" below stays where it is when the form arrives.
 */
export function FiatBuySkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" data-testid="fiat-buy-skeleton">
      {[122, 79, 96, 24, 155, 48].map((height, i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
