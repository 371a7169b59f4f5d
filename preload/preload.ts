import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('companion', {});
