import {
  createIpaRegistry,
  type IpaAdministration,
  type IpaOffice,
  type IpaRegistry,
} from './ipa-registry.ts';
import {
  createRecipientCodeRegistry,
  type RecipientCodeEntry,
  type RecipientCodeRegistry,
} from './recipient-code-registry.ts';
import {
  createTaxpayerRegistry,
  type TaxpayerEntry,
  type TaxpayerRegistry,
} from './taxpayer-registry.ts';

/** Entries the sandbox adds to the seed, typically read from the database. */
export interface RegistryExtras {
  taxpayers?: Iterable<TaxpayerEntry>;
  recipientCodes?: Iterable<RecipientCodeEntry>;
  ipaOffices?: Iterable<IpaOffice>;
  ipaAdministrations?: Iterable<IpaAdministration>;
}

/**
 * The registry members of @fiscus/fatturapa's `SdiState` (checks/sdi/sdi-state.ts) that the
 * registries answer, with the same signatures: the object is assignable to `SdiState`. It is
 * restated rather than imported so that this module only depends on the package's browser-safe
 * `fields` entry point, not on its whole index (rendering, PDF fonts, …).
 */
export interface SdiRegistryState {
  taxpayerExists(country: string, code: string): boolean;
  recipientCode(code: string): 'active' | 'inactive' | 'unknown';
  ipaOffice(code: string): 'active' | 'inactive' | 'unknown' | 'central-unresolved';
  isPublicAdministration(buyer: {
    vatCountry?: string;
    vatCode?: string;
    codiceFiscale?: string;
  }): boolean;
}

/** The registries SDI consults, and the `SdiState` view the engine's layer-3 checks take. */
export interface SdiRegistries {
  taxpayers: TaxpayerRegistry;
  recipientCodes: RecipientCodeRegistry;
  ipa: IpaRegistry;
  /** Pass as `state` to `validateInvoice` / `runSdiChecks` of @fiscus/fatturapa. */
  state: SdiRegistryState;
}

/** Builds the sandbox SDI registries: seed data plus `extras`. */
export function createSdiRegistries(extras: RegistryExtras = {}): SdiRegistries {
  const taxpayers = createTaxpayerRegistry(extras.taxpayers);
  const recipientCodes = createRecipientCodeRegistry(extras.recipientCodes);
  const ipa = createIpaRegistry({
    ...(extras.ipaOffices ? { offices: extras.ipaOffices } : {}),
    ...(extras.ipaAdministrations ? { administrations: extras.ipaAdministrations } : {}),
  });
  const state: SdiRegistryState = {
    taxpayerExists: (country, code) => taxpayers.exists(country, code),
    recipientCode: (code) => recipientCodes.status(code),
    ipaOffice: (code) => ipa.officeStatus(code),
    isPublicAdministration: (buyer) => ipa.isPublicAdministration(buyer),
  };
  return { taxpayers, recipientCodes, ipa, state };
}
