import type { Viewer } from './viewer.ts';

/** A document of the in-app documentation, opened at /documentation/{group}/{id}. */
export type DocumentEntry = { id: string; title: string };

/** A documentation group (section 2.6): its id is the {group} of the document route. */
export type DocumentationGroup = { id: string; title: string; documents: DocumentEntry[] };

/** The group only super admins see. */
export const ADMINISTRATION_GROUP_ID = 'administration';

/**
 * Every documentation group and document of the spec, in its order, with Siteseer's Guides for every
 * role after the administration group (customer guides come before the widget reference). The spec
 * names its groups in lowercase prose; ids are those names in kebab case and titles are them in
 * title case.
 */
export const DOCUMENTATION_GROUPS: readonly DocumentationGroup[] = [
  {
    id: ADMINISTRATION_GROUP_ID,
    title: 'Administration',
    documents: [{ id: 'add-documentation', title: 'Add Documentation' }],
  },
  {
    id: 'guides',
    title: 'Guides',
    documents: [
      { id: 'getting-started', title: 'Getting Started' },
      { id: 'crawling', title: 'Crawling' },
      { id: 'synonyms-mapping-rewriting', title: 'Synonyms, Character Mapping and URL Rewriting' },
      { id: 'api', title: 'The API' },
      { id: 'cli', title: 'The CLI' },
    ],
  },
  {
    id: 'parametric',
    title: 'Parametric',
    documents: [
      { id: 'theming-parametric-interface', title: 'Theming Parametric Interface' },
      { id: 'parametric-client-events', title: 'Parametric Client Events' },
    ],
  },
  {
    id: 'keyword',
    title: 'Keyword',
    documents: [
      { id: 'theming-keyword-interface', title: 'Theming Keyword Interface' },
      { id: 'advanced-keyword-theming', title: 'Advanced Keyword Theming' },
      { id: 'keyword-client-events', title: 'Keyword Client Events' },
    ],
  },
];

/** Whether the viewer sees the documentation 'administration' group: super admin only. */
export function seesDocumentationAdministration(viewer: Viewer): boolean {
  return viewer.isSuperAdmin;
}

/** The documentation groups the viewer sees, in order. */
export function documentationFor(viewer: Viewer): DocumentationGroup[] {
  return DOCUMENTATION_GROUPS.filter(
    (g) => g.id !== ADMINISTRATION_GROUP_ID || seesDocumentationAdministration(viewer),
  );
}

/**
 * Whether the viewer may open /documentation/{group}/{docId}: the document exists in a group they
 * see, so a typed-in administration URL is refused like an unknown one.
 */
export function canOpenDocument(viewer: Viewer, groupId: string, documentId: string): boolean {
  return documentationFor(viewer).some(
    (g) => g.id === groupId && g.documents.some((d) => d.id === documentId),
  );
}
