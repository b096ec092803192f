// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { i18n } from './i18n';
import { lazyPart } from './lazy-part';

/** A part that shows one text of the `jobs` namespace, which the page itself never loads. */
function JobsTitle({ suffix }: { suffix: string }) {
  const { t } = useTranslation('jobs', { useSuspense: false });
  return (
    <h2>
      {t('title')} {suffix}
    </h2>
  );
}

describe('lazyPart', () => {
  it('shows the part with its texts, its code and namespaces fetched together once', async () => {
    const load = vi.fn(() => Promise.resolve(JobsTitle));
    const Part = lazyPart(load, ['jobs']);
    await renderWithProviders(<Part suffix="(lazy)" />);
    // Its own texts, not the key: the namespace came with the code (the component does not
    // suspend on it, so a missing namespace would show 'title').
    expect(await screen.findByRole('heading', { name: 'Jobs (lazy)' })).toBeVisible();
    expect(i18n.hasLoadedNamespace('jobs')).toBe(true);
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failure', async () => {
    const load = vi
      .fn<() => Promise<typeof JobsTitle>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue(JobsTitle);
    const Part = lazyPart(load, ['jobs']);
    await expect(Part.preload()).rejects.toThrow('chunk gone');
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
