/**
 * Installing the packed `faultline` command as a user would, offline: the tarball `npm pack`
 * wrote, installed globally into a prefix of its own, with the registry pointed at a closed port
 * so that nothing is fetched. The package test and the CLI benchmark both install it this way.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The tarball `npm pack --pack-destination <folder>` wrote. */
export function packedTarball(folder: string): string {
  const name = readdirSync(folder).find((f) => f.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack wrote no .tgz into ${folder}`);
  return join(folder, name);
}

/** npm's arguments to install the tarball into `prefix` without the network. */
export const offlineInstallArgs = (prefix: string, tarball: string) => [
  'install',
  '-g',
  '--prefix',
  prefix,
  '--offline',
  '--registry',
  'http://127.0.0.1:9',
  '--no-audit',
  '--no-fund',
  tarball,
];
