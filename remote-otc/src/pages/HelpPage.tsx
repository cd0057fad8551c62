import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  Link,
  NewsArticle,
  NewsCategory,
  NewsList,
  PageShell,
  useNewsList,
  useSearchParams,
  withCatalog,
  type NewsItem,
} from '@app/shared';
import { catalog } from '../catalog';

const HELP = NewsCategory.help;

/** Help centre (/help): categories 21, 19 and 3 merged, an article by ?id=, and support. */
function HelpPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState<NewsItem | undefined>();
  const id = Number(params.get('id'));
  const reading = Number.isInteger(id) && id > 0;
  // The support link comes with the list, not before it: below a skeleton it jumped down as the
  // articles arrived (the list's length is not known until then). Same query as the list: one call.
  const list = useNewsList(HELP);
  const listSettled = reading || list.status !== 'loading' || list.items.length > 0;
  return (
    <PageShell
      title={reading ? (picked?.id === id ? picked.title : undefined) : undefined}
      backTo={reading ? '/help' : undefined}
    >
      {reading ? (
        <NewsArticle id={id} item={picked} />
      ) : (
        <NewsList
          categories={HELP}
          label={t`Help articles`}
          onSelect={(item) => {
            setPicked(item);
            setParams({ id: String(item.id) });
          }}
        />
      )}
      {listSettled && (
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <Button component={Link} to="/onlineServer" variant="outlined" sx={{ minHeight: 44 }}>
            <Trans>Contact customer service</Trans>
          </Button>
        </Box>
      )}
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/HelpPage', HelpPage);
