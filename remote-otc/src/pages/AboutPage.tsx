import { Trans } from '@lingui/react/macro';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PageShell, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

/** What the app is, and which deploy of this remote is live (the otc slice adds every remote). */
function AboutPage() {
  return (
    <PageShell>
      <Typography sx={{ mb: 2 }}>
        <Trans>
          A mobile app for trading crypto, precious metals and futures, with wallets and savings products.
        </Trans>
      </Typography>
      <List dense aria-label="builds">
        <ListItem>
          <ListItemText
            primary={
              <Trans>
                Remote {__APP_NAME__}, version {__APP_VERSION__}
              </Trans>
            }
            secondary={
              <span data-testid="otc-build">
                <Trans>
                  Build {__BUILD_ID__} at {__BUILD_TIME__}
                </Trans>
              </span>
            }
          />
        </ListItem>
      </List>
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/AboutPage', AboutPage);
