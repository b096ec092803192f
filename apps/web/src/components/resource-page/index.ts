/**
 * The resource list page (docs/adding-a-resource.md "Adding a screen (console)"): a screen
 * declares title, filters, columns and row actions; forms and details open through the URL.
 *
 *   const list = useListState('common-pre-sale-actions', { defaultFilters: {} });
 *   const actions = useQuery({ ...preSaleActionQueries.list(list.queryParams), placeholderData: keepPreviousData });
 *   const edit = useRowDialog('edit', actions.data?.items, (action) => action.uuid);
 *   <ResourceListPage title={t('title')} list={list} query={actions} columns={columns}
 *     getRowId={(action) => action.uuid}
 *     rowActions={(action) => [{ id: 'edit', label: t('actions.edit'), icon: EditIcon, onClick: () => edit.open(action) }]}>
 *     {edit.row && <PreSaleActionDialog action={edit.row} onClose={edit.close} />}
 *   </ResourceListPage>
 */
export { ResourceListPage } from './resource-list-page';
export type { ListQueryResult, ResourceListPageProps } from './resource-list-page';
export { ListPageHeader } from './list-page-header';
export type { ListPageHeaderProps } from './list-page-header';
export { RowActions } from './row-actions';
export type { RowAction, RowActionsProps } from './row-actions';
export { useRowDialog } from './use-row-dialog';
export type { RowDialogControl } from './use-row-dialog';
