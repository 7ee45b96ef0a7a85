import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONTENT_TYPES, type ContentType } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { useContentItem } from '../api/content-items';
import { ContentEditor } from './content-editor';
import { ContentList } from './content-list';
import './content.css';

const isContentType = (value: string | null): value is ContentType => CONTENT_TYPES.some((type) => type === value);

/**
 * The Content area (issue 22): the list of a type, or one item in the editor. Where the editor is lives in the
 * address (?type=, ?item=, ?new=), so Back returns to the list and a link opens an item. One status line announces
 * every action's outcome, on the list and in the editor alike.
 */
export function ContentArea() {
  const [params, setParams] = useSearchParams();
  const [announcement, setAnnouncement] = useState('');
  const type = isContentType(params.get('type')) ? (params.get('type') as ContentType) : 'case_study';
  const itemId = Number(params.get('item'));
  const newType = params.get('new');

  const showList = (listType: ContentType, message?: string) => {
    setParams({ type: listType });
    if (message !== undefined) setAnnouncement(message);
  };
  const openItem = (id: number) => setParams({ item: String(id) });

  let body;
  if (Number.isInteger(itemId) && itemId > 0) {
    body = <ItemEditor id={itemId} announce={setAnnouncement} onList={showList} onOpen={openItem} />;
  } else if (isContentType(newType) && newType !== 'training') {
    body = (
      <ContentEditor
        key={`new-${newType}`}
        type={newType}
        item={null}
        announce={setAnnouncement}
        onList={showList}
        onCreated={openItem}
      />
    );
  } else {
    body = (
      <ContentList
        type={type}
        onType={(next) => showList(next)}
        onOpen={openItem}
        onNew={(next) => {
          setAnnouncement('');
          setParams({ new: next });
        }}
      />
    );
  }

  return (
    <div className="owner-sections content-area">
      <p className="owner-status" role="status">
        {announcement}
      </p>
      {body}
    </div>
  );
}

function ItemEditor({
  id,
  announce,
  onList,
  onOpen,
}: {
  id: number;
  announce: (message: string) => void;
  onList: (type: ContentType, message?: string) => void;
  onOpen: (id: number) => void;
}) {
  const item = useContentItem(id);
  if (item.isPending) return <p>Loading...</p>;
  if (item.isError) {
    const missing = item.error instanceof ApiError && item.error.status === 404;
    return (
      <section className="owner-card">
        <p role="alert">
          {missing ? 'This item no longer exists.' : 'This item could not be loaded. Please try again.'}
        </p>
        <p>
          <button type="button" className="btn btn--secondary" onClick={() => onList('case_study')}>
            Back to the list
          </button>
        </p>
      </section>
    );
  }
  return (
    <ContentEditor
      key={item.data.id}
      type={item.data.type}
      item={item.data}
      announce={announce}
      onList={onList}
      onCreated={onOpen}
    />
  );
}
