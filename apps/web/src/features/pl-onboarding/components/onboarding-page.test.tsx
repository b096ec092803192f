import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-blob';
import { fakeToken } from '../../../test/fake-token';
import { samplePendingEntity } from '../../../test/handlers/pl-legal-entities';
import {
  ONBOARDING_ENTITY_UUID,
  onboardingHashes,
  SANDBOX_SIGNED_XML,
  SIGNATURE_FILE_XML,
} from '../../../test/handlers/pl-onboarding';
import { renderRoutes } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import OnboardingPage from './onboarding-page';

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

const routes = [
  { path: '/onboarding/:legalEntityUuid/:hash', element: <OnboardingPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/gov-pl/legal-entities', element: <p>legal entities page</p> },
];

const pageOf = (hash: string, search = '') =>
  `/onboarding/${ONBOARDING_ENTITY_UUID}/${hash}${search}`;

function renderPage(hash: string, search = '') {
  return renderRoutes(routes, { route: pageOf(hash, search), namespaces: ['plOnboarding'] });
}

const savedFiles = () => vi.mocked(saveBlob).mock.calls.map(([blob, name]) => ({ blob, name }));

beforeEach(() => {
  vi.mocked(saveBlob).mockClear();
});

afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('OnboardingPage, mode 1 (sign a file)', () => {
  it('goes from NEW through start and download, the sandbox signature and the upload to the end', async () => {
    const user = userEvent.setup();
    await renderPage(onboardingHashes.new);
    // Polish, although the console speaks English.
    expect(await screen.findByRole('heading', { name: 'Autoryzacja w KSeF' })).toBeVisible();
    expect(screen.getByText(samplePendingEntity.name)).toBeVisible();
    expect(screen.getByText(`NIP: ${samplePendingEntity.nip}`)).toBeVisible();
    expect(screen.getByRole('radio', { name: /Podpisz plik i prześlij go/ })).toBeChecked();
    const steps = screen.getByRole('list', { name: 'Kroki autoryzacji' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1Pobranie', '2Podpis', '3Przesłanie', '4Zakończenie']);
    // NEW: the introduction, no step yet, no countdown.
    expect(screen.getByRole('heading', { name: 'Jak to działa' })).toBeVisible();
    expect(screen.queryByRole('timer')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rozpocznij' }));
    const downloadHeading = await screen.findByRole('heading', { name: 'Pobierz plik do podpisu' });
    expect(downloadHeading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeDisabled();
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pobierz plik do podpisu' }));
    expect(
      await screen.findByText('Pobrano plik signature_file.xml. Przejdź dalej, aby go podpisać.'),
    ).toBeVisible();
    // Started first (the ten minutes run from here), then the file.
    expect(sentRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /api/pl/onboarding/${ONBOARDING_ENTITY_UUID}/hash-new`,
      `POST /api/pl/legal-entities/${ONBOARDING_ENTITY_UUID}/onboard/start/hash-new`,
      'GET /api/pl/authorization-flows/4a9c2e1f-7b3d-4e5a-8c6f-1d2e3f4a5b6c/onboard/signature-file/hash-new',
    ]);
    const [download] = savedFiles();
    expect(download?.name).toBe('signature_file.xml');
    expect(await download?.blob.text()).toBe(SIGNATURE_FILE_XML);
    expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|09:5\d)$/);

    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(await screen.findByRole('heading', { name: 'Podpisz plik' })).toHaveFocus();
    expect(screen.getByText(/kwalifikowanej pieczęci elektronicznej/)).toBeVisible();
    expect(screen.getByText(/podpisu zaufanego \(Profil Zaufany\)/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Podpisz testowym certyfikatem' }));
    await user.click(await screen.findByRole('button', { name: 'Pobierz signed_file.xml' }));
    const signed = savedFiles().at(-1);
    expect(signed?.name).toBe('signed_file.xml');
    expect(await signed?.blob.text()).toBe(SANDBOX_SIGNED_XML);

    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(await screen.findByRole('heading', { name: 'Prześlij podpisany plik' })).toHaveFocus();
    expect(screen.getByText(/Wybrany plik: signed_file\.xml/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Prześlij' }));
    expect(await screen.findByRole('heading', { name: 'Autoryzacja zakończona' })).toHaveFocus();
    expect(
      sentRequests({
        path: `/api/pl/legal-entities/${ONBOARDING_ENTITY_UUID}/onboard/activate/hash-new`,
      })[0]?.body,
    ).toEqual({
      type: 'onip',
      identifier: samplePendingEntity.nip,
      signedFile: btoa(SANDBOX_SIGNED_XML),
    });
    // Settled: no mode to choose, no countdown.
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('uploads the user’s own XML file only, and ends on the refusal with its reason', async () => {
    // A browser's file picker can show every file ("All files"), whatever the input accepts.
    const user = userEvent.setup({ applyAccept: false });
    await renderPage(onboardingHashes.inProgress);
    // IN_PROGRESS: the download step, no start called again.
    expect(
      await screen.findByRole('heading', { name: 'Pobierz plik do podpisu' }),
    ).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Pobierz plik do podpisu' }));
    await user.click(await screen.findByRole('button', { name: 'Dalej' }));
    await user.click(await screen.findByRole('button', { name: 'Dalej' }));
    await screen.findByRole('heading', { name: 'Prześlij podpisany plik' });
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    const upload = screen.getByRole('button', { name: 'Prześlij' });
    expect(upload).toBeDisabled();
    const input = screen.getByLabelText('Wybierz podpisany plik');
    await user.upload(input, new File(['%PDF'], 'wniosek.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Wybierz plik XML.')).toBeVisible();
    expect(upload).toBeDisabled();

    await user.upload(
      input,
      new File(['<AuthTokenRequest>tampered</AuthTokenRequest>'], 'podpisany.xml', {
        type: 'text/xml',
      }),
    );
    expect(screen.getByText(/Wybrany plik: podpisany\.xml/)).toBeVisible();
    expect(screen.queryByText('Wybierz plik XML.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Prześlij' }));
    expect(
      await screen.findByRole('heading', { name: 'Autoryzacja nie powiodła się' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Przesłany plik nie jest podpisanym wnioskiem o autoryzację (mógł zostać zmieniony po pobraniu).',
      ),
    ).toBeVisible();
  });

  it('shows the wait for KSeF’s result while USED, and the success once COMPLETED', async () => {
    await renderPage(onboardingHashes.used);
    expect(await screen.findByRole('heading', { name: 'Oczekiwanie na wynik' })).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows the end of a COMPLETED onboarding', async () => {
    await renderPage(onboardingHashes.completed);
    expect(await screen.findByRole('heading', { name: 'Autoryzacja zakończona' })).toBeVisible();
    expect(screen.getByText(/jest połączony z KSeF/)).toBeVisible();
  });

  it('shows an onboarding in ERROR as an error with its reason, and no steps', async () => {
    await renderPage(onboardingHashes.error);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wdrożenie zakończyło się błędemPowód: Nieprawidłowy certyfikat. (kod 21115)',
    );
    expect(screen.queryByRole('list', { name: 'Kroki autoryzacji' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says a link is not valid', async () => {
    await renderPage('no-such-hash');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ten link do wdrożenia jest nieprawidłowy lub nie jest już aktywny. Poproś o nowy link.',
    );
  });

  it('leaves the console’s language as it was', async () => {
    await renderPage(onboardingHashes.new);
    await screen.findByRole('heading', { name: 'Autoryzacja w KSeF' });
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem('i18nextLng')).not.toBe('pl');
  });
});

describe('OnboardingPage, countdown', () => {
  it('counts down every second from the deadline, then says the session expired', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await renderPage(onboardingHashes.inProgress);
    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent('10:00');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(timer).toHaveTextContent('09:59');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(timer).toHaveTextContent('08:58');
    await act(() => vi.advanceTimersByTimeAsync(8 * 60_000 + 57_000));
    expect(timer).toHaveTextContent('00:01');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Sesja wygasła.')).toBeVisible();
    // No step can go on once the session has expired.
    expect(screen.getByRole('heading', { name: 'Sesja wygasła' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pobierz plik do podpisu' })).toBeNull();
  });
});

describe('OnboardingPage, mode 2 (KSeF token)', () => {
  it('asks to log in first, coming back to this page in mode 2', async () => {
    const user = userEvent.setup();
    const { router } = await renderPage(onboardingHashes.new);
    await user.click(await screen.findByRole('radio', { name: /Użyj tokena KSeF/ }));
    expect(router.state.location.search).toBe('?mode=mode_2');
    expect(
      screen.getByText(
        'Ten sposób autoryzacji wymaga zalogowania do konsoli. Po zalogowaniu wrócisz na tę stronę.',
      ),
    ).toBeVisible();
    const login = screen.getByRole('link', { name: 'Zaloguj się' });
    expect(login).toHaveAttribute(
      'href',
      `/login?redirect_to=${encodeURIComponent(pageOf(onboardingHashes.new, '?mode=mode_2'))}`,
    );
    await user.click(login);
    expect(await screen.findByText('login page')).toBeVisible();
  });

  it('connects the signed-in user’s legal entity with a token, then leads to the list', async () => {
    const user = userEvent.setup();
    signIn(fakeToken({ pl: ['ROLE_USER'] }, { username: 'poland@demo.fiscus.test' }));
    await renderPage(onboardingHashes.new, '?mode=mode_2');
    expect(await screen.findByRole('heading', { name: 'Połącz tokenem KSeF' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Połącz' }));
    const field = screen.getByRole('textbox', { name: 'Token autoryzacyjny KSeF' });
    expect(field).toHaveAccessibleDescription('Pole obowiązkowe.');
    expect(sentRequests({ method: 'POST' })).toEqual([]);

    await user.type(field, 'refused');
    await user.click(screen.getByRole('button', { name: 'Połącz' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('KSeF nie przyjął tego tokena autoryzacyjnego.'),
    );

    await user.click(screen.getByRole('button', { name: 'Pobierz token testowy' }));
    await waitFor(() => expect(field).toHaveValue(`sandbox-ksef-token-${samplePendingEntity.nip}`));
    await user.click(screen.getByRole('button', { name: 'Połącz' }));
    expect(await screen.findByRole('heading', { name: 'Podmiot połączony z KSeF' })).toBeVisible();
    const create = sentRequests({
      path: `/api/pl/legal-entities/${ONBOARDING_ENTITY_UUID}/ksef-token/create`,
    }).at(-1);
    expect(create?.body).toEqual({
      authorizationToken: `sandbox-ksef-token-${samplePendingEntity.nip}`,
      autoSelect: true,
    });
    expect(create?.headers.get('Authorization')).toMatch(/^Bearer /);
    // The public calls go without the session's token.
    expect(sentRequests({ method: 'GET' })[0]?.headers.get('Authorization')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Przejdź do listy podmiotów' }));
    expect(await screen.findByText('legal entities page')).toBeVisible();
  });
});
