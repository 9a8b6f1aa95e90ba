import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Folder } from '@portal/contracts';
import { ApiError } from '../../lib/api.ts';
import { alertLinesFor } from '../../lib/errors.ts';
import { folderQuery, rootFoldersQuery } from './api.ts';
import { wiringPath } from './slides.ts';
import { DocumentList, SlideEmpty, SlideHeading, SlideLoading } from './SlideFrame.tsx';
import { countOf } from '@portal/contracts/format';

const rootPath = wiringPath({ slide: 'folders' });

/** The folder browser (spec 01 §2.6): root folders, and one folder by slug with its folders and documents. */
export function FolderBrowser({ slug }: { slug: string | null }) {
  return slug ? <FolderView slug={slug} /> : <RootFolders />;
}

function RootFolders() {
  const query = useQuery(rootFoldersQuery);
  return (
    <section>
      <SlideHeading sub="Bulletins, guides and sheets that are not tied to one vehicle">Folders</SlideHeading>
      {query.isPending ? (
        <SlideLoading label="Loading folders…" />
      ) : query.isError ? (
        <Failed error={query.error} />
      ) : query.data.length ? (
        <FolderList folders={query.data} />
      ) : (
        <SlideEmpty title="No folders yet">
          <p>
            <Link to="/wiring">Search by vehicle</Link> for its wiring and documents.
          </p>
        </SlideEmpty>
      )}
    </section>
  );
}

function FolderView({ slug }: { slug: string }) {
  const query = useQuery(folderQuery(slug));
  const folder = query.data;
  return (
    <section>
      <SlideHeading>{folder?.name ?? 'Folder'}</SlideHeading>
      {folder && folder.path.length > 1 && (
        <nav aria-label="Folder path" className="slide-trail">
          <ol>
            <li>
              <Link to={rootPath}>Folders</Link>
            </li>
            {folder.path.slice(0, -1).map((p) => (
              <li key={p.slug}>
                <Link to={wiringPath({ slide: 'folders', folder: p.slug })}>{p.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {query.isPending ? (
        <SlideLoading label="Loading the folder…" />
      ) : query.isError ? (
        <Failed error={query.error} />
      ) : folder!.folders.length || folder!.documents.length ? (
        <>
          <FolderList folders={folder!.folders} />
          {folder!.documents.length > 0 && <DocumentList documents={folder!.documents} label="Documents" />}
        </>
      ) : (
        <SlideEmpty title="This folder is empty">
          <p>
            <Link to={rootPath}>Back to all folders</Link>
          </p>
        </SlideEmpty>
      )}
    </section>
  );
}

function Failed({ error }: { error: Error }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <SlideEmpty title={missing ? 'No such folder' : 'Folders could not be loaded'}>
      <p>{alertLinesFor(error).join(' ')}</p>
      <p>
        <Link to={rootPath}>Back to all folders</Link>
      </p>
    </SlideEmpty>
  );
}

function FolderList({ folders }: { folders: Folder[] }) {
  if (!folders.length) return null;
  return (
    <ul className="option-list" aria-label="Folders">
      {folders.map((f) => (
        <li key={f.slug}>
          <Link className="option-link" to={wiringPath({ slide: 'folders', folder: f.slug })}>
            <span className="option-label">{f.name}</span>
            <span className="option-hint">
              {[f.folderCount && countOf(f.folderCount, 'folder'), countOf(f.documentCount, 'document')]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
