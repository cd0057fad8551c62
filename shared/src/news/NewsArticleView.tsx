// The view of NewsArticle (loaded on demand).
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../api/errors';
import { EmptyState, ErrorState } from '../ui/states';
import { ArticleSkeleton, useNewsArticle, type NewsArticleProps } from './NewsArticle';
import { formatNewsDate } from './NewsList';
import { SanitizedHtml } from './SanitizedHtml';

export default function NewsArticleView({ id, item, showImage }: NewsArticleProps) {
  const { i18n } = useLingui();
  const state = useNewsArticle(id, item);
  if (state.status === 'loading') return <ArticleSkeleton showImage={showImage} />;
  if (state.status === 'missing') {
    return (
      <EmptyState>
        <Trans>This article does not exist.</Trans>
      </EmptyState>
    );
  }
  if (state.status === 'error')
    return <ErrorState message={apiErrorMessage(i18n, state.error)} onRetry={state.retry} />;
  const article = state.item;
  return (
    <Box component="article">
      {showImage && article.thumbnail && (
        <Box
          component="img"
          src={article.thumbnail}
          alt=""
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '5 / 2',
            objectFit: 'cover',
            borderRadius: 2,
            mb: 2,
          }}
        />
      )}
      <Typography component="h2" variant="h6" sx={{ fontWeight: 600, lineHeight: 1.35 }}>
        {article.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {formatNewsDate(article.create_time)}
      </Typography>
      <SanitizedHtml html={article.content} />
    </Box>
  );
}
