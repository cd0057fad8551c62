import { useLingui } from '@lingui/react/macro';
import {
  NewsArticle,
  NewsCategory,
  NewsList,
  PageShell,
  useNavigate,
  useSearchParams,
  withCatalog,
} from '@app/shared';
import { catalog } from '../catalog';
import { articleIdOf } from '../features/news/model/articleId';

const BANNERS = [NewsCategory.banner];

/** A banner (?id=): its image, then its article. Without an id: the list of banners. */
function ImgbnPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = articleIdOf(params);
  return (
    <PageShell>
      {id === null ? (
        <NewsList
          categories={BANNERS}
          onSelect={(item) => navigate(`/imgbn?id=${item.id}`)}
          label={t`Banners`}
        />
      ) : (
        <NewsArticle key={id} id={id} showImage />
      )}
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/ImgbnPage', ImgbnPage);
