import { NewsArticle, Navigate, PageShell, useSearchParams, withCatalog } from '@app/shared';
import { catalog } from '../catalog';
import { articleIdOf } from '../features/news/model/articleId';

/** One article (?id=); without an id it goes home (doc 2 §2 News detail page). */
function NewsDetailPage() {
  const [params] = useSearchParams();
  const id = articleIdOf(params);
  if (id === null) return <Navigate to="/" replace />;
  return (
    <PageShell>
      <NewsArticle key={id} id={id} />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/NewsDetailPage', NewsDetailPage);
