/// <reference types="electron-vite/node" />
