import Box from '@mui/material/Box';
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
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <BannerCarousel />
        <AnnouncementTicker />
        <QuoteTiles state={crypto} onOpen={openChart} />
        <HomeShortcuts />
        <HomeMarkets />
      </Box>
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/HomePage', HomePage);
