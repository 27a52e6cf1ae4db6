import { Menu, Tray, nativeImage, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { trayIconVariant, trayMenuModel, trayTooltip, type TrayAction, type TrayModelInput } from './policy/tray-menu';

export interface TrayIcons {
  readonly active: string;
  readonly paused: string;
}

/** Turns the tray menu model into Electron's Menu; all decisions live in the pure model. */
export class TrayController {
  private readonly tray: Tray;
  private readonly images: Record<keyof TrayIcons, NativeImage>;
  private shownVariant: keyof TrayIcons;

  constructor(
    icons: TrayIcons,
    private readonly readState: () => TrayModelInput,
    private readonly onAction: (action: TrayAction) => void,
  ) {
    const size = process.platform === 'darwin' ? 16 : 22;
    const load = (path: string): NativeImage => nativeImage.createFromPath(path).resize({ width: size, height: size });
    this.images = { active: load(icons.active), paused: load(icons.paused) };
    this.tray = new Tray(this.images.active);
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
    this.tray.setContextMenu(Menu.buildFromTemplate(template));
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
