import { generateKeyPairSync } from 'node:crypto';

import forge from 'node-forge';

/**
 * Certificates and keys the wallet tests make themselves, as an operator would get them from Apple and Google: a
 * stand-in for Apple's WWDR intermediate (self-signed here), a Pass Type ID certificate it issued, and a Google service
 * account key. Nothing here is Apple's or Google's: the tests check signatures against these.
 */
export const PASS_TYPE_ID = 'pass.test.admitone.tickets';
export const TEAM_ID = 'TEAM123456';

function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    forgePrivate: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  signWith: forge.pki.PrivateKey,
  ca: boolean,
  serial: string,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(
    ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
          { name: 'extKeyUsage', clientAuth: true },
        ],
  );
  cert.sign(signWith as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** A WWDR stand-in and a Pass Type ID certificate (with its key, PEM) it issued. */
export function appleWalletCertificates() {
  const ca = rsaPair();
  const signer = rsaPair();
  const caName = [
    { name: 'commonName', value: 'Test Worldwide Developer Relations' },
    { name: 'organizationName', value: 'AdmitOne tests' },
  ];
  const wwdr = certificate(caName, caName, ca.forgePublic, ca.forgePrivate, true, '01');
  const cert = certificate(
    [
      { name: 'commonName', value: `Pass Type ID: ${PASS_TYPE_ID}` },
      { shortName: 'OU', value: TEAM_ID },
      { type: '0.9.2342.19200300.100.1.1', value: PASS_TYPE_ID },
    ],
    caName,
    signer.forgePublic,
    ca.forgePrivate,
    false,
    '02',
  );
  return { wwdr, cert, key: signer.pem };
}

/** A Google service account's JSON key (`token_uri`: where the app asks for access tokens), and its public key. */
export function googleServiceAccount(tokenUri: string) {
  const pair = rsaPair();
  return {
    json: JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@admitone-tests.iam.gserviceaccount.com',
      private_key: pair.pem,
      token_uri: tokenUri,
    }),
    publicKey: pair.publicPem,
    clientEmail: 'wallet@admitone-tests.iam.gserviceaccount.com',
  };
}

/** The settings that turn both wallets on, the way an operator writes them. */
export function walletEnv(
  apple: ReturnType<typeof appleWalletCertificates>,
  apnsUrl: string,
  google?: { json: string; apiUrl: string },
) {
  return {
    APPLE_WALLET_PASS_TYPE_ID: PASS_TYPE_ID,
    APPLE_WALLET_TEAM_ID: TEAM_ID,
    APPLE_WALLET_CERT: apple.cert,
    APPLE_WALLET_KEY: apple.key,
    APPLE_WALLET_WWDR_CERT: apple.wwdr,
    APPLE_WALLET_APNS_URL: apnsUrl,
    ...(google
      ? {
          GOOGLE_WALLET_ISSUER_ID: '3388000000022222222',
          GOOGLE_WALLET_SERVICE_ACCOUNT: google.json,
          GOOGLE_WALLET_API_URL: google.apiUrl,
        }
      : {}),
  };
}
