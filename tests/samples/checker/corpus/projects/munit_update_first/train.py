from trainer import Trainer


def run(gen, dis, config, loader):
    trainer = Trainer(gen, dis, config)
    for images in loader:
        trainer.update_learning_rate()
        trainer.dis_update(images)
        trainer.gen_update(images)
