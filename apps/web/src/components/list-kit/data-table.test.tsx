// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { DataTable, type DataTableColumn, type DataTableState } from './data-table';

interface Upload {
  id: string;
  fileName: string;
  company: string;
}

const columns: DataTableColumn<Upload>[] = [
  { id: 'company', label: 'Company', render: (row) => row.company },
  { id: 'fileName', label: 'File', breakAnywhere: true, render: (row) => row.fileName },
];

const state: DataTableState = {
  page: 1,
  itemsPerPage: 10,
  order: null,
  setPage: vi.fn(),
  setItemsPerPage: vi.fn(),
  toggleOrder: vi.fn(),
  isColumnVisible: () => true,
  setColumnVisible: vi.fn(),
  resetColumns: vi.fn(),
};

describe('DataTable', () => {
  it('keeps the words of names whole, and lets only token columns break anywhere', async () => {
    await renderWithProviders(
      <DataTable
        label="Uploads"
        columns={columns}
        rows={[
          {
            id: '1',
            company: 'COSTRUZIONI EDILI SRL',
            fileName: 'IT01234567890_FPR01_20261126_0001.xml',
          },
        ]}
        total={1}
        getRowId={(row) => row.id}
        state={state}
        isLoading={false}
        isError={false}
      />,
      { namespaces: ['listKit'] },
    );
    // 'anywhere' would let the table shrink the column until a name breaks mid-word
    // ("COSTRUZI ONI"); 'break-word' breaks a word only when it is wider than the column.
    expect(screen.getByRole('cell', { name: 'COSTRUZIONI EDILI SRL' })).toHaveStyle({
      overflowWrap: 'break-word',
    });
    expect(screen.getByRole('cell', { name: 'IT01234567890_FPR01_20261126_0001.xml' })).toHaveStyle(
      { overflowWrap: 'anywhere' },
    );
  });
});
