import { validateAgainstSchema } from './src/schema/xsd-validation.ts';
const ns = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const x = `<FatturaElettronica xmlns="${ns}" versione="FPR12"><FatturaElettronicaHeader><DatiTrasmissione><Foo/></DatiTrasmissione></FatturaElettronicaHeader></FatturaElettronica>`;
console.log(validateAgainstSchema(x, 'FPR12').findings);
const y = `<p:FatturaElettronica xmlns:p="${ns}" versione="FPR12"><FatturaElettronicaHeader><DatiTrasmissione><IdTrasmittente><IdPaese>it</IdPaese></IdTrasmittente></DatiTrasmissione></FatturaElettronicaHeader></p:FatturaElettronica>`;
console.log(validateAgainstSchema(y, 'FPR12').findings);
