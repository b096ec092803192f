import { validationMessages } from '@fiscus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/hydra';
import { renderWithProviders } from '../../test/render-with-providers';
import { FormDialog, SwitchField, TextField } from './index';

const schema = z.object({
  email: z.string().min(1, { error: validationMessages.notBlank }),
  fiscal_id: z.string(),
  enabled: z.boolean(),
});
type Values = z.infer<typeof schema>;

function renderDialog(onSubmit: (values: Values) => Promise<unknown>, onClose = vi.fn()) {
  return renderWithProviders(
    <FormDialog
      title="New sub-account"
      ns="subAccounts"
      schema={schema}
      defaultValues={{ email: '', fiscal_id: '', enabled: true }}
      onSubmit={onSubmit}
      successMessage="Saved it"
      submitLabel="Save"
      cancelLabel="Cancel"
      onClose={onClose}
    >
      <TextField name="email" type="email" required />
      <TextField name="fiscal_id" />
      <SwitchField name="enabled" />
    </FormDialog>,
    { namespaces: ['listKit', 'subAccounts'] },
  );
}

const problem = (status: number, detail: string) => ({
  type: 'about:blank',
  title: 'Error',
  status,
  detail,
});

describe('FormDialog', () => {
  it('labels the fields from the namespace and checks the schema before submitting', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    await renderDialog(onSubmit);
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    // The help text comes from `hints.fiscal_id`.
    expect(within(dialog).getByRole('textbox', { name: 'Fiscal ID' })).toHaveAccessibleDescription(
      'Without the country prefix',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByRole('textbox', { name: /Email/ }),
    ).toHaveAccessibleDescription('This value should not be blank.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts a 422 on its field and lists the server's violations in the one alert", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError(422, problem(422, 'email: This email is already used.'), [
          { propertyPath: 'email', message: validationMessages.emailAlreadyUsed },
          { propertyPath: 'roles', message: 'Unknown role.' },
        ]),
      ),
    );
    await renderDialog(onSubmit);
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'a@b.it');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('roles: Unknown role.');
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'This email is already used.',
    );
    expect(onSubmit).toHaveBeenCalledWith({ email: 'a@b.it', fiscal_id: '', enabled: true });
  });

  it('shows the generic message for a server failure', async () => {
    const user = userEvent.setup();
    await renderDialog(() => Promise.reject(new ApiError(500, problem(500, 'stack trace'))));
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'a@b.it');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An error occurred, please try again later.',
    );
  });

  it('keeps the submit button busy while saving, then says so and closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onClose = vi.fn();
    await renderDialog(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      onClose,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'a@b.it');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: /Save/ })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    finish();
    expect(await screen.findByText('Saved it')).toBeVisible();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on Cancel without submitting', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    await renderDialog(onSubmit, onClose);
    const dialog = await screen.findByRole('dialog', { name: 'New sub-account' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
