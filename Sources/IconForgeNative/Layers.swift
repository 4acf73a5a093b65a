// The layers below this one, visible in every file of this target (and re-exported to the
// layers above), so that no file lists its imports; Package.swift keeps the direction.
@_exported import IconForgeModel
