import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { NewsCategory, NewsList, PageShell, withCatalog, type NewsItem } from '@app/shared';
import { catalog } from '../catalog';
import { NoticeDialog } from '../features/news/components/NoticeDialog';

const NOTICES = [NewsCategory.notice];

function NoticePage() {
  const { t } = useLingui();
  const [open, setOpen] = useState<NewsItem | null>(null);
  return (
    <PageShell>
      <NewsList categories={NOTICES} onSelect={setOpen} label={t`Announcements`} />
      <NoticeDialog item={open} onClose={() => setOpen(null)} />
    </PageShell>
  );
}

export default withCatalog(catalog, 'markets/NoticePage', NoticePage);
