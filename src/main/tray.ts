import type { MainElectron, MenuItemConstructorOptions, TrayIcon, TrayImage } from './electron-api';
import { trayIconVariant, trayMenuModel, trayTooltip, type TrayAction, type TrayModelInput } from './policy/tray-menu';

export interface TrayIcons {
  readonly active: string;
  readonly paused: string;
}

/** Turns the tray menu model into Electron's Menu; all decisions live in the pure model. */
export class TrayController<Image extends TrayImage = TrayImage> {
  private readonly tray: TrayIcon<Image>;
  private readonly images: Record<keyof TrayIcons, Image>;
  private shownVariant: keyof TrayIcons;

  constructor(
    private readonly electron: Pick<MainElectron<Image>, 'Tray' | 'Menu' | 'nativeImage'>,
    icons: TrayIcons,
    private readonly readState: () => TrayModelInput,
    private readonly onAction: (action: TrayAction) => void,
    platform: NodeJS.Platform = process.platform,
  ) {
    const size = platform === 'darwin' ? 16 : 22;
    const load = (path: string): Image => electron.nativeImage.createFromPath(path).resize({ width: size, height: size });
    this.images = { active: load(icons.active), paused: load(icons.paused) };
    this.tray = new electron.Tray(this.images.active);
    this.shownVariant = 'active';
    this.tray.on('click', () => this.onAction('open-window'));
    this.refresh();
  }

  refresh(): void {
    const input = this.readState();
    const template: MenuItemConstructorOptions[] = trayMenuModel(input).map((item) => {
      if (item.kind === 'separator') return { type: 'separator' };
      if (item.kind === 'status') return { label: item.label, enabled: false };
      return {
        label: item.label,
        enabled: item.enabled,
        ...(item.checked !== undefined && { type: 'checkbox' as const, checked: item.checked }),
        click: () => this.onAction(item.action),
      };
    });
    this.tray.setContextMenu(this.electron.Menu.buildFromTemplate(template));
    this.tray.setToolTip(trayTooltip(input));
    const variant = trayIconVariant(input.state);
    if (variant !== this.shownVariant) {
      this.tray.setImage(this.images[variant]);
      this.shownVariant = variant;
    }
  }

  destroy(): void {
    this.tray.destroy();
  }
}
