import Stack from '@mui/material/Stack';
import { LanguagePicker, PageShell, useMarketQuotes, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { AnnouncementTicker } from '../features/home/components/AnnouncementTicker';
import { BannerCarousel } from '../features/home/components/BannerCarousel';
import { HomeMarkets } from '../features/home/components/HomeMarkets';
import { HomeShortcuts } from '../features/home/components/HomeShortcuts';
import { QuoteTiles } from '../features/quotes/components/QuoteTiles';
import { useOpenChart } from '../features/quotes/hooks/useOpenChart';

function HomePage() {
  // The tiles are always the first three crypto pairs, live from daymarket.
  const crypto = useMarketQuotes(0);
  const openChart = useOpenChart();
  return (
    <PageShell hideBack actions={<LanguagePicker />}>
      <Stack spacing={1.5} useFlexGap>
        <BannerCarousel />
        <AnnouncementTicker />
        <QuoteTiles state={crypto} onOpen={openChart} />
        <HomeShortcuts />
        <HomeMarkets />
      </Stack>
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/HomePage', HomePage);
