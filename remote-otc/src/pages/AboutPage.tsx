import { Trans, useLingui } from '@lingui/react/macro';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PageShell, withCatalog, useQuery, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { loadBuilds, type AppBuild } from '../features/about/api/builds';
import { aboutKeys } from '../features/about/api/keys';
import { formatDateTime } from '../features/common/model/format';

function Behind({ behind }: { behind: NonNullable<AppBuild['behind']> }) {
  return (
    <>
      {behind.olderShared.map((s) => (
        <span key={s.name} style={{ display: 'block' }}>
          <Trans>
            Built against {s.name} {s.version}; the app provides {s.hostVersion}
          </Trans>
        </span>
      ))}
      {behind.newerRelease && (
        <span style={{ display: 'block' }}>
          <Trans>A newer release, {behind.newerRelease}, is not live</Trans>
        </span>
      )}
    </>
  );
}

function BuildRow({ build }: { build: AppBuild }) {
  const { t } = useLingui();
  const info = build.info;
  const when = info?.buildTime ? formatDateTime(info.buildTime) : t`unknown`;
  const id = info?.buildId ?? t`unknown`;
  const release = build.release ?? t`unknown`;
  const libraries = build.shared.map((s) => `${s.name} ${s.version}`).join(', ');
  return (
    <ListItem
      divider
      aria-label={build.app}
      data-testid={`build-${build.app}`}
      sx={{ alignItems: 'flex-start' }}
    >
      <ListItemText
        primary={
          info ? (
            <Trans>
              {build.app}, version {info.version}
            </Trans>
          ) : (
            build.app
          )
        }
        secondary={
          info ? (
            <>
              <span style={{ display: 'block' }} data-testid={`release-${build.app}`}>
                <Trans>Release {release}</Trans>
              </span>
              <span style={{ display: 'block' }}>
                <Trans>Built {when}</Trans>
              </span>
              <span style={{ display: 'block' }}>
                <Trans>Build {id}</Trans>
              </span>
              {libraries && (
                <span style={{ display: 'block', wordBreak: 'break-word' }}>
                  <Trans>Built with {libraries}</Trans>
                </span>
              )}
              {build.behind && <Behind behind={build.behind} />}
            </>
          ) : (
            t`Not reachable`
          )
        }
      />
      {build.failed && <Chip size="small" color="warning" label={t`Offline`} />}
      {build.behind && <Chip size="small" color="warning" label={t`Behind`} />}
    </ListItem>
  );
}

/** What the app is, and which deploy of the host and of each remote is live. */
function AboutPage() {
  const { t } = useLingui();
  // Read again on every visit: a release switched live since the last one must show at once.
  const builds = useQuery({
    queryKey: aboutKeys.builds(),
    queryFn: ({ signal }) => loadBuilds(signal),
    staleTime: 0,
  });
  return (
    <PageShell>
      <Typography sx={{ mb: 2 }}>
        <Trans>
          A mobile app for trading crypto, precious metals and futures, with wallets, fiat purchase of USDT,
          launch subscriptions and lock-up mining.
        </Trans>
      </Typography>
      <Typography variant="subtitle1" component="h2">
        <Trans>Live versions</Trans>
      </Typography>
      <LoadView query={builds} rows={5} height={56}>
        {(list) => (
          <List dense aria-label={t`Builds`}>
            {list.map((b) => (
              <BuildRow key={b.app} build={b} />
            ))}
          </List>
        )}
      </LoadView>
      <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="otc-build">
        <Trans>
          This page: {__APP_NAME__} {__APP_VERSION__}, build {__BUILD_ID__} at {__BUILD_TIME__}
        </Trans>
      </Typography>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/AboutPage', AboutPage);
