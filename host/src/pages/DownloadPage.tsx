import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LanguagePicker, PageShell, supportApi } from '@app/shared';

/** Where the wallet gate sends a browser without an injected wallet (doc 1 §1). */
export function DownloadPage() {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    supportApi.supportConfig().then(
      (cfg) => setHref(cfg.appdown.android),
      () => setHref(null),
    );
  }, []);
  return (
    <PageShell hideBack actions={<LanguagePicker />}>
      <Typography variant="h2" component="p" sx={{ my: 3, textAlign: 'center' }}>
        <Trans>Please open this app in your wallet&apos;s browser.</Trans>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
        <Trans>
          No wallet was found in this browser. Install the wallet app, then open this page from it.
        </Trans>
      </Typography>
      <Button variant="contained" fullWidth href={href ?? undefined} disabled={!href}>
        <Trans>Download the wallet</Trans>
      </Button>
    </PageShell>
  );
}
