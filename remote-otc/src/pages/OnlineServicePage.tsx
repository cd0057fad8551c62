import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useLingui as useLinguiCore } from '@lingui/react';
import {
  PageShell,
  supportApi,
  themeModeAtom,
  useSearchParams,
  useSession,
  withCatalog,
  useQuery,
  LoadView,
} from '@app/shared';
import { catalog } from '../catalog';
import { fillServiceUrl, withTheme } from '../features/support/model/serviceUrl';
import { supportKeys } from '../features/support/api/keys';

function ServiceFrame({ url }: { url: string }) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState(false);
  return (
    <Box
      sx={{
        position: 'relative',
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 'calc(100vh - 120px)',
      }}
    >
      {!loaded && (
        <Box role="status" sx={{ position: 'absolute', inset: 0, pt: 1 }}>
          <LinearProgress aria-label={t`Loading`} />
          <Typography sx={{ textAlign: 'center', mt: 2, color: 'text.secondary' }}>
            <Trans>Connecting to customer service…</Trans>
          </Typography>
        </Box>
      )}
      <Box
        component="iframe"
        title={t`Customer service chat`}
        src={url}
        onLoad={() => setLoaded(true)}
        sx={{
          flex: 1,
          width: '100%',
          border: 0,
          minHeight: 'calc(100vh - 120px)',
          visibility: loaded ? 'visible' : 'hidden',
        }}
      />
    </Box>
  );
}

/** Customer service (/onlineServer, /onlineService): the support chat in an iframe. */
function OnlineServicePage() {
  const session = useSession();
  const { i18n } = useLinguiCore();
  const day = useAtomValue(themeModeAtom) === 'teal_day';
  const [params] = useSearchParams();
  const terminal = params.get('terminal') === 'recharge' ? 'recharge' : 'mobile';
  // The chat speaks the app's language (the server reads the lang header): ask again when it
  // changes (a login or logout empties the cache).
  const template = useQuery({
    queryKey: supportKeys.serviceUrl(terminal, i18n.locale),
    queryFn: ({ signal }) => supportApi.serviceUrlTemplate(terminal, signal),
  });
  return (
    <PageShell>
      <Box sx={{ mx: -2, my: -2 }}>
        <LoadView query={template} rows={1} height={200}>
          {(tpl) => (
            <ServiceFrame url={withTheme(fillServiceUrl(tpl, session.userId, session.accountNum), day)} />
          )}
        </LoadView>
      </Box>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/OnlineServicePage', OnlineServicePage);
