import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import type { ShadowCore } from '../shadow-core';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function fileAccessHandlers(core: ShadowCore) {
  const getOutput: Op<'getOutput'> = ({ id }) => core.outputs.get(id);
  const listSessionOutputs: Op<'listSessionOutputs'> = ({ id }) => ({ outputs: core.outputs.list(id) });
  const storeOutput: Op<'storeOutput'> = ({ id, ...output }) => core.outputs.store(id, output);
  const storageRoots: Op<'storageRoots'> = () => ({
    readRoots: core.files.readRoots(),
    writeRoot: core.files.dataDir,
  });
  const storageReadFile: Op<'storageReadFile'> = ({ path }) => core.files.readFile(path);
  const storageWriteFile: Op<'storageWriteFile'> = ({ path, content, encoding }) => core.files.writeFile(path, content, encoding);
  const storageList: Op<'storageList'> = ({ path }) => core.files.list(path);
  const listApplets: Op<'listApplets'> = () => ({ applets: core.applets.list() });
  const getApplet: Op<'getApplet'> = ({ slug }) => core.applets.load(slug);
  const saveApplet: Op<'saveApplet'> = ({ slug, ...applet }) => core.applets.save(slug, applet);
  const deleteApplet: Op<'deleteApplet'> = ({ slug }) => ({ deleted: core.applets.delete(slug) });
  const getAppletState: Op<'getAppletState'> = ({ slug }) => {
    core.applets.load(slug);
    return { slug, state: core.applets.getState(slug) };
  };
  const setAppletState: Op<'setAppletState'> = ({ slug, state }) => ({ slug, state: core.applets.setState(slug, state) });
  return {
    getOutput,
    listSessionOutputs,
    storeOutput,
    storageRoots,
    storageReadFile,
    storageWriteFile,
    storageList,
    listApplets,
    getApplet,
    saveApplet,
    deleteApplet,
    getAppletState,
    setAppletState,
  };
}
