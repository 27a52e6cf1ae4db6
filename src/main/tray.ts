import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import { trayMenuModel, trayTooltip, type TrayAction, type TrayModelInput } from './policy/tray-menu';

/** Turns the tray menu model into Electron's Menu; all decisions live in the pure model. */
export class TrayController {
  private readonly tray: Tray;

  constructor(
    iconPath: string,
    private readonly readState: () => TrayModelInput,
    private readonly onAction: (action: TrayAction) => void,
  ) {
    const size = process.platform === 'darwin' ? 16 : 22;
    const image = nativeImage.createFromPath(iconPath).resize({ width: size, height: size });
    this.tray = new Tray(image);
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
  }

  destroy(): void {
    this.tray.destroy();
  }
}
